import { Anchor, type AnchorProps, Button, type ButtonProps } from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, Ref } from 'react';
import { adminRouteFor } from '#shared/auth/admin-routes.ts';
import { useCanOpen } from '../auth/session.ts';

// Mantine's polymorphic `component={Link}` loses the router's typing of `to` and `params`;
// createLink keeps it, so a link to a route with a parameter is checked at compile time.

type AnchorElementProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'color' | 'style'>;

function MantineButtonAnchor({
  ref,
  ...props
}: ButtonProps & AnchorElementProps & { ref?: Ref<HTMLAnchorElement> }) {
  return <Button component="a" ref={ref} {...props} />;
}

function MantineAnchor({
  ref,
  ...props
}: AnchorProps & AnchorElementProps & { ref?: Ref<HTMLAnchorElement> }) {
  return <Anchor ref={ref} {...props} />;
}

const CreatedButtonLink = createLink(MantineButtonAnchor);
const CreatedAnchorLink = createLink(MantineAnchor);

/**
 * False for a link to an admin page the member's role may not open (the table in
 * shared/auth/admin-routes.ts, decision 027); links anywhere else are not this check's business.
 */
function useLinkAllowed(to: unknown): boolean {
  const canOpen = useCanOpen();
  return typeof to !== 'string' || adminRouteFor(to) === undefined || canOpen(to);
}

/** A Mantine Button that navigates like a router Link; absent when the role may not open its page. */
export const ButtonLink: LinkComponent<typeof MantineButtonAnchor> = (props) => {
  const allowed = useLinkAllowed(props.to);
  return allowed ? <CreatedButtonLink preload="intent" {...props} /> : <></>;
};

/**
 * A Mantine Anchor that navigates like a router Link. To a page the role may not open it is its
 * text alone (a campaign's name in a Buyer's dashboard still reads, but leads nowhere).
 */
export const AnchorLink: LinkComponent<typeof MantineAnchor> = (props) => {
  const allowed = useLinkAllowed(props.to);
  if (allowed) return <CreatedAnchorLink preload="intent" {...props} />;
  return typeof props.children === 'function' ? <></> : <span>{props.children}</span>;
};
