/**
 * The web project's test environment: Vitest's jsdom environment, with Node's own Blob, File and FormData left on the
 * global instead of jsdom's, and Node's FormData taught to read a form the way a browser's does.
 *
 * A screen's requests and answers go through Node's fetch (its Request and Response, answered by the request mock).
 * Since Node 24 (undici 7), Node's fetch makes the blobs and files it hands out (`response.blob()`,
 * `request.formData()`) with whatever Blob and File the global has at the time, then checks them against its own
 * classes; Node 20's fetch held on to its own classes from the start. With jsdom's on the global, Node 24's fetch
 * broke: a multipart body could not be read (an assertion on its File) and `response.blob()` gave a jsdom Blob, which
 * has no `text()`. With Node's, the file a test makes, the FormData a screen sends it in and the blob an answer reads
 * as are of one kind on both Node versions, as in a browser (and the file keeps its name on its way to the mock).
 *
 * Node's FormData takes no form, but screens need it to: React reads a form into `new FormData(form, submitter)`
 * whenever a submit handler starts a transition (the form's pending status), and a test may read what a form would
 * post. So the global FormData is Node's, extended to copy a form's entries from jsdom's reading of it. A form's
 * text fields come across as they are; a file field (jsdom's File, which Node's fetch cannot send) is refused with a
 * message, since no screen sends a form's files that way: uploads build their FormData from the chosen File.
 *
 * What it still costs: jsdom's FileReader cannot read Node's blobs (they have `text()` and `arrayBuffer()` instead).
 */
import { builtinEnvironments, type Environment } from 'vitest/runtime';

export default {
  name: 'jsdom-with-node-bodies',
  viteEnvironment: 'client',
  async setup(global: typeof globalThis, options) {
    // Node's, read before the jsdom environment puts jsdom's on the global.
    const { Blob, File, FormData: NodeFormData } = global;
    const jsdom = await builtinEnvironments.jsdom.setup(global, options);
    const JsdomFormData = global.FormData;

    class FormDataThatReadsForms extends NodeFormData {
      constructor(form?: HTMLFormElement, submitter?: HTMLElement | null) {
        super();
        if (form === undefined) return;
        for (const [name, value] of new JsdomFormData(form, submitter)) {
          if (typeof value !== 'string')
            throw new TypeError(`FormData(form): the file field "${name}" cannot be read in screen tests`);
          this.append(name, value);
        }
      }
    }

    Object.assign(global, { Blob, File, FormData: FormDataThatReadsForms });
    return { teardown: (g) => jsdom.teardown(g) };
  },
} satisfies Environment;
