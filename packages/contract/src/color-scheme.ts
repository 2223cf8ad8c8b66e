/**
 * The colour scheme of a page before its script runs (docs/decisions/062). The server's HTML
 * paints at once, before the app's script: this small inline script in the head of index.html
 * sets `data-mantine-color-scheme` from the choice the app stored (Mantine's localStorage
 * manager, under COLOR_SCHEME_STORAGE_KEY) or the system's preference, so that a dark page
 * does not flash light first. The server's Content-Security-Policy allows exactly this text by
 * its hash; both read it from here. Imports nothing.
 */
export const COLOR_SCHEME_STORAGE_KEY = 'cryptads-color-scheme';

export const COLOR_SCHEME_SCRIPT = `try{var s=localStorage.getItem("${COLOR_SCHEME_STORAGE_KEY}");if(s!=="light"&&s!=="dark")s=matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light";document.documentElement.setAttribute("data-mantine-color-scheme",s)}catch(e){}`;
