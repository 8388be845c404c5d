/**
 * The web project's test environment: Vitest's jsdom environment, with Node's own Blob, File and FormData left on the
 * global instead of jsdom's.
 *
 * A screen's requests and answers go through Node's fetch (its Request and Response, answered by the request mock).
 * Since Node 24 (undici 7), Node's fetch makes the blobs and files it hands out (`response.blob()`,
 * `request.formData()`) with whatever Blob and File the global has at the time, then checks them against its own
 * classes; Node 20's fetch held on to its own classes from the start. With jsdom's on the global, Node 24's fetch
 * broke: a multipart body could not be read (an assertion on its File) and `response.blob()` gave a jsdom Blob, which
 * has no `text()`. With Node's, the file a test makes, the FormData a screen sends it in and the blob an answer reads
 * as are of one kind on both Node versions, as in a browser (and the file keeps its name on its way to the mock).
 *
 * What it costs: jsdom's own interfaces take only jsdom's blobs and forms. Node's FormData cannot read a form
 * (`new FormData(form)`), and jsdom's FileReader cannot read Node's blobs (they have `text()` and `arrayBuffer()`
 * instead). A test that needs jsdom's takes it from `jsdom.window` (Vitest's `jsdom` global, typed by `vitest/jsdom`).
 */
import { builtinEnvironments, type Environment } from 'vitest/runtime';

const NODE_BODY_CLASSES = ['Blob', 'File', 'FormData'] as const;

export default {
  name: 'jsdom-with-node-bodies',
  viteEnvironment: 'client',
  async setup(global: typeof globalThis, options) {
    // Node's, read before the jsdom environment puts jsdom's on the global.
    const node = Object.fromEntries(NODE_BODY_CLASSES.map((name) => [name, global[name]]));
    const jsdom = await builtinEnvironments.jsdom.setup(global, options);
    Object.assign(global, node);
    return { teardown: (g) => jsdom.teardown(g) };
  },
} satisfies Environment;
