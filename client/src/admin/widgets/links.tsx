import { Anchor, type AnchorProps, Button, type ButtonProps } from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, Ref } from 'react';

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

/** A Mantine Button that navigates like a router Link. */
export const ButtonLink: LinkComponent<typeof MantineButtonAnchor> = (props) => (
  <CreatedButtonLink preload="intent" {...props} />
);

/** A Mantine Anchor that navigates like a router Link. */
export const AnchorLink: LinkComponent<typeof MantineAnchor> = (props) => (
  <CreatedAnchorLink preload="intent" {...props} />
);
