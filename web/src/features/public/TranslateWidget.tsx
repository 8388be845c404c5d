/**
 * The third-party translation widget (product: public-pages.md#translation-widget), loaded only when the
 * server says it is configured (TRANSLATE_WIDGET_URL). Written for Google's
 * website translator element: a `cb=` parameter in the URL names the global
 * callback the script calls, which builds the widget in our container. If the
 * script cannot load, the page simply has no widget.
 */
import { useEffect } from 'react';

export const TRANSLATE_CONTAINER_ID = 'google_translate_element';

interface TranslateApi {
  google?: {
    translate?: { TranslateElement?: new (options: Record<string, unknown>, containerId: string) => unknown };
  };
}

let loadedUrl: string | null = null;

/** The widget's names of our languages, where they differ from ours. */
const WIDGET_LANGUAGES: Record<string, string> = { 'zh-Hans': 'zh-CN', 'zh-Hant': 'zh-TW' };

/** The page's language when the widget is built (`<html lang>`, which the public pages keep), by the widget's name. */
const pageLanguage = () => {
  const lang = document.documentElement.lang || 'en';
  return WIDGET_LANGUAGES[lang] ?? lang;
};

export function TranslateWidget({ scriptUrl }: { scriptUrl: string }) {
  useEffect(() => {
    if (loadedUrl === scriptUrl) return;
    loadedUrl = scriptUrl;
    let callback: string | null;
    try {
      callback = new URL(scriptUrl).searchParams.get('cb');
    } catch {
      return;
    }
    if (callback && /^[A-Za-z_$][\w$]*$/.test(callback)) {
      (window as unknown as Record<string, unknown>)[callback] = () => {
        const Element = (window as unknown as TranslateApi).google?.translate?.TranslateElement;
        if (Element) new Element({ pageLanguage: pageLanguage(), autoDisplay: false }, TRANSLATE_CONTAINER_ID);
      };
    }
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    script.onerror = () => {
      loadedUrl = null;
    };
    document.head.appendChild(script);
  }, [scriptUrl]);
  return (
    <div className="public-translate container">
      <div id={TRANSLATE_CONTAINER_ID} />
    </div>
  );
}
