// React Router's <Scripts>, with its modulepreload links taken out of the head (ADR 0033, "paint
// first"). <Scripts> has no option to limit them, and React 19 hoists every <link rel=modulepreload>
// it renders into the head, where some twenty of them would compete with the stylesheet and the
// largest image for a phone's bandwidth before anything is painted. Here the stylesheet and the
// largest image come first; the same modules are asked for once the first frame has been painted,
// so the page still hydrates without a waterfall of imports. The page works before that (links and
// forms are plain HTML), so nothing waits for the scripts but the scripted extras.
import { Children, Fragment, isValidElement, type ReactElement, type ReactNode } from 'react';
import { Scripts, type ScriptsProps } from 'react-router';

export function PaintFirstScripts(props: ScriptsProps) {
  // <Scripts> is a function component whose hooks are unconditional: called here, they run as this
  // component's own, and its output (links and scripts) can be shaped before React sees it.
  const rendered = Scripts(props);
  if (!rendered) return null;
  const preloads: string[] = [];
  const kept = flatten(rendered).filter((element) => {
    const { rel, href } = element.props as { rel?: unknown; href?: unknown };
    if (element.type === 'link' && rel === 'modulepreload' && typeof href === 'string') {
      preloads.push(href);
      return false;
    }
    return true;
  });
  return (
    <>
      {preloads.length > 0 ? (
        <script
          nonce={props.nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: preloadAfterPaint(preloads) }}
        />
      ) : null}
      {kept}
    </>
  );
}

/** The elements of a tree of fragments and arrays, in order, keyed. */
function flatten(node: ReactNode): ReactElement[] {
  return Children.toArray(node).flatMap((child) => {
    if (!isValidElement(child)) return [];
    if (child.type === Fragment) return flatten((child.props as { children?: ReactNode }).children);
    return [child];
  });
}

/**
 * A classic inline script: after the first frame (the rendering step runs once the stylesheet is
 * in, the paint follows it), it adds the modulepreload links React Router would have put in the head.
 */
function preloadAfterPaint(hrefs: string[]): string {
  const list = JSON.stringify(hrefs).replace(/</g, '\\u003c');
  return (
    `(function(h){function p(){h.forEach(function(u){var l=document.createElement('link');` +
    `l.rel='modulepreload';l.href=u;document.head.appendChild(l)})}` +
    `requestAnimationFrame(function(){setTimeout(p,0)})})(${list});`
  );
}
