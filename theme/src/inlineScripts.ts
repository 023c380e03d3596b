// Scripts inlined in <head> so that the colour mode and a dismissed
// announcement bar apply before first paint (no flash; reference 4.3, 4.5).
// They are plain ES5 strings, run before any bundle, and never throw: storage
// and URL access can fail (privacy modes, sandboxed iframes).
import type { SiteData } from './contract.gen';
import { StorageKeys } from './utils/storage';

/** JSON that is safe inside an inline <script> element. */
function js(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/**
 * Sets <html data-theme> (the effective mode) and <html data-theme-choice>
 * (light, dark or system) from, in order: the `docusaurus-theme` query
 * parameter, the stored choice (ignored when the switch is disabled, which
 * also clears it), then the system preference or the default mode. Also
 * copies each `docusaurus-data-<x>` query parameter to <html data-<x>>, as
 * the replaced site did, so embedding URLs keep working.
 */
export function colorModeScript(site: SiteData): string {
  const { defaultMode, disableSwitch, respectPrefersColorScheme } = site.themeConfig.colorMode;
  const fallback = defaultMode === 'dark' ? 'dark' : 'light';
  return (
    '(function(){' +
    'var h=document.documentElement,d=' + js(fallback) + ',r=' + js(respectPrefersColorScheme) + ',p=null,s=null;' +
    'function v(x){return x==="light"||x==="dark"?x:null}' +
    'try{p=new URLSearchParams(window.location.search)}catch(e){}' +
    'try{' + (disableSwitch ? '' : 's=window.localStorage.getItem(' + js(StorageKeys.colorMode) + ')') + '}catch(e){}' +
    'var c=v(p&&p.get("docusaurus-theme"))||v(s);' +
    'var m=d;if(!c&&r){try{m=window.matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light"}catch(e){}}' +
    'h.setAttribute("data-theme",c||m);' +
    'h.setAttribute("data-theme-choice",c||(r?"system":d));' +
    'if(p){p.forEach(function(x,k){if(k.indexOf("docusaurus-data-")===0){try{h.setAttribute("data-"+k.slice(16),x)}catch(e){}}})}' +
    '})();'
  );
}

/**
 * Sets <html data-announcement-bar-initially-dismissed> so CSS hides a bar
 * the reader already closed. A bar with a new id shows again; a bar that
 * cannot be closed always shows. "annoucement-bar" is the replaced site's
 * misspelt old default id.
 */
export function announcementBarScript(site: SiteData): string {
  const bar = site.themeConfig.announcementBar;
  if (!bar) return '';
  const closeable = bar.isCloseable !== false;
  return (
    '(function(){var x=false;' +
    (closeable
      ? 'try{var i=window.localStorage.getItem(' + js(StorageKeys.announcementId) + ');if(i==="annoucement-bar"){i="announcement-bar"}' +
        'x=i===' + js(bar.id || 'announcement-bar') + '&&window.localStorage.getItem(' + js(StorageKeys.announcementDismiss) + ')==="true"}catch(e){}'
      : '') +
    'document.documentElement.setAttribute("data-announcement-bar-initially-dismissed",String(x))})();'
  );
}

/** A CSS value from the site config that cannot end its declaration or rule. */
function cssValue(value: string | undefined): string | null {
  return value && /^[#\w\s(),.%+-]+$/.test(value) ? value.trim() : null;
}

/**
 * The announcement bar's colours as a rule for a <style> element in <head>,
 * instead of a style attribute on the bar: the Content-Security-Policy
 * allows the element by its hash (computed by the build, like the scripts'),
 * while style attributes would need 'unsafe-inline'. Values that are not
 * plain CSS colours are left out.
 */
export function announcementBarStyle(site: SiteData): string {
  const bar = site.themeConfig.announcementBar;
  if (!bar) return '';
  const declarations = [
    ['background-color', cssValue(bar.backgroundColor)],
    ['color', cssValue(bar.textColor)],
  ]
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}:${v}`);
  return declarations.length ? `.theme-announcement-bar{${declarations.join(';')}}` : '';
}
