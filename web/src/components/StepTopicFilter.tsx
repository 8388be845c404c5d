/**
 * A row of toggles that shows one topic of a process log at a time (product: orders.md#step-names): "All", then each
 * topic the log holds with its line count. Drawn only when the log holds more than one topic.
 */
import { useMemo, useState } from 'react';
import { Button, ButtonGroup } from 'react-bootstrap';
import { stepTopicOf, topicCounts, type StepTopic } from '../../../shared/process-steps';

interface Line {
  step_name: string;
}

/** The chosen topic and the lines it shows (every line while none is chosen, or once the chosen one is gone). */
export function useStepTopic<L extends Line>(lines: readonly L[]) {
  const [topic, setTopic] = useState<StepTopic | null>(null);
  const counts = useMemo(() => topicCounts(lines), [lines]);
  const chosen = topic !== null && counts.some((c) => c.topic === topic) ? topic : null;
  const shown = useMemo(
    () => (chosen === null ? lines : lines.filter((l) => stepTopicOf(l.step_name) === chosen)),
    [lines, chosen],
  );
  return { counts, topic: chosen, setTopic, shown };
}

export function StepTopicFilter({
  counts,
  topic,
  onChange,
  total,
}: {
  counts: { topic: StepTopic; count: number }[];
  topic: StepTopic | null;
  onChange: (topic: StepTopic | null) => void;
  total: number;
}) {
  if (counts.length < 2) return null;
  const toggle = (value: StepTopic | null, label: string, count: number) => (
    <Button
      key={label}
      size="sm"
      variant={topic === value ? 'primary' : 'outline-secondary'}
      aria-pressed={topic === value}
      onClick={() => onChange(value)}
    >
      {label} <span className="opacity-75">{count}</span>
    </Button>
  );
  return (
    <ButtonGroup className="step-topic-filter flex-wrap mb-3" role="group" aria-label="Show steps about">
      {toggle(null, 'All', total)}
      {counts.map((c) => toggle(c.topic, c.topic, c.count))}
    </ButtonGroup>
  );
}
