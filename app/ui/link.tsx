import { useContext, type Ref } from "react";
// The one place that uses React Router's <Link> directly: everything else imports this one.
// eslint-disable-next-line no-restricted-imports
import { Link as RouterLink, type LinkProps } from "react-router";
import { InServerHtml } from "./server-html";

export type { LinkProps };

/**
 * React Router's <Link>, except where it does nothing: in the server's render of a read-only part
 * of a page (ServerHtml), which the browser keeps as HTML and never hydrates. There a link to a
 * page of the site is the element <Link> would print, written directly (`href`, then
 * `data-discover`, which tells ServerHtml and React Router's route discovery that it is a link of
 * the app): the same HTML, without the hooks and path resolution <Link> runs for each of the
 * dozens of links of a page (docs/decisions/0020-server-render-of-read-only-parts.md). In the
 * browser, and for a relative, external or document-reloading link, it is <Link> itself.
 */
export function Link({ ref, ...props }: LinkProps & { ref?: Ref<HTMLAnchorElement> }) {
  const staticPart = useContext(InServerHtml);
  const { to, target, discover, reloadDocument } = props;
  if (
    staticPart &&
    typeof document === "undefined" &&
    typeof to === "string" &&
    to.startsWith("/") &&
    !to.startsWith("//") &&
    !reloadDocument &&
    discover !== "none"
  ) {
    const {
      to: _to,
      target: _target,
      discover: _discover,
      prefetch: _prefetch,
      replace: _replace,
      state: _state,
      relative: _relative,
      preventScrollReset: _preventScrollReset,
      viewTransition: _viewTransition,
      reloadDocument: _reloadDocument,
      defaultShouldRevalidate: _defaultShouldRevalidate,
      mask: _mask,
      onClick: _onClick,
      ...rest
    } = props;
    return <a {...rest} ref={ref} href={to} target={target} data-discover="true" />;
  }
  return <RouterLink {...props} ref={ref} />;
}
