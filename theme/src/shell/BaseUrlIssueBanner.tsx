// The base-URL issue banner (reference 7.9). When a site is deployed under
// the wrong base URL its scripts and styles 404 and the home page shows as
// unstyled text. The home page's HTML therefore carries an empty container
// and an inline script: once the page has loaded, if the client bundle never
// ran (it sets window.__portalHydrated), the script fills the container with
// a banner suggesting the base URL the page was actually served under. The
// site's CSS hides the container, so the banner shows only when the styles
// failed too. It is not React content, so search engines never index it.
import { useSite } from '../app/SiteContext';
import { useRouter } from '../app/router';
import { useHydrated } from './useHydrated';

export const BANNER_CONTAINER_ID = '__portal-base-url-issue-banner-container';
export const BANNER_ID = '__portal-base-url-issue-banner';
export const SUGGESTION_CONTAINER_ID = '__portal-base-url-issue-banner-suggestion-container';

/** Config documentation for baseUrl (Portal reads Docusaurus's keys). */
const BASE_URL_DOCS = 'https://docusaurus.io/docs/docusaurus.config.js/#baseUrl';

function js(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/**
 * The inline script. ES5, DOM calls only (no innerHTML with the URL, which
 * the reader controls), never throws. Styles go through element.style: the
 * Content-Security-Policy blocks style attributes, not the CSSOM.
 */
export function baseUrlIssueScript(baseUrl: string): string {
  return (
    '(function(){' +
    'function show(){try{' +
    'if(window.__portalHydrated)return;' +
    'var c=document.getElementById(' + js(BANNER_CONTAINER_ID) + ');if(!c||c.firstChild)return;' +
    'function el(t,s,k){var e=document.createElement(t);if(s)e.style.cssText=s;for(var i=0;i<k.length;i++){e.appendChild(typeof k[i]==="string"?document.createTextNode(k[i]):k[i])}return e}' +
    'var b=' + js(baseUrl) + ';' +
    'var p=window.location.pathname;if(p.charAt(p.length-1)!=="/"){p+="/"}' +
    'var a=el("a","",["baseUrl configuration"]);a.href=' + js(BASE_URL_DOCS) + ';a.target="_blank";a.rel="noopener noreferrer";' +
    'var s=el("span","color:green",[p]);s.id=' + js(SUGGESTION_CONTAINER_ID) + ';' +
    'var d=el("div","border:solid red thick;background-color:rgb(255, 230, 179);margin:20px;padding:20px;font-size:20px",[' +
    'el("p","font-weight:bold;font-size:30px",["Your Portal site did not load properly."]),' +
    'el("p","",["A very common reason is a wrong site ",el("b","",[a]),"."]),' +
    'el("p","",["Current configured baseUrl = ",el("span","font-weight:bold;color:red",[b]),b==="/"?" (default value)":""]),' +
    'el("p","",["We suggest trying baseUrl = ",el("b","",[s])])' +
    ']);d.id=' + js(BANNER_ID) + ';c.appendChild(d)' +
    '}catch(e){}}' +
    'if(document.readyState==="complete"){show()}else{window.addEventListener("load",show)}' +
    '})();'
  );
}

/**
 * Rendered on the home page only (the route at the base URL), when the
 * config enables it; gone once the page is hydrated, as it is then useless
 * (and client-rendered scripts never run anyway).
 */
export function BaseUrlIssueBanner() {
  const { baseUrl, baseUrlIssueBanner } = useSite();
  const { location } = useRouter();
  const hydrated = useHydrated();
  if (hydrated || !baseUrlIssueBanner || location.pathname !== baseUrl) return null;
  return (
    <>
      <div id={BANNER_CONTAINER_ID} className="base-url-issue-banner-container" />
      <script dangerouslySetInnerHTML={{ __html: baseUrlIssueScript(baseUrl) }} />
    </>
  );
}
