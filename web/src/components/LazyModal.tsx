/**
 * react-bootstrap's Modal, drawn only from the moment it opens until its closing fade ends. A closed
 * Modal still renders about a dozen components (transitions, portals) every time the page around it renders; a
 * queue page holds five of them and renders several times while it loads. Closed, this draws nothing.
 */
import { useState } from 'react';
import { Modal, type ModalProps } from 'react-bootstrap';

export function LazyModal({ show = false, onExited, ...props }: ModalProps) {
  const [drawn, setDrawn] = useState(show);
  // Set during render (not in an effect): the Modal mounts already open, in the same commit.
  if (show && !drawn) setDrawn(true);
  if (!drawn) return null;
  return (
    <Modal
      {...props}
      show={show}
      onExited={(node: HTMLElement) => {
        setDrawn(false);
        onExited?.(node);
      }}
    />
  );
}
