// A card: a section named by its own heading. The heading's id comes from useId, so two cards (or two
// copies of one) never share an id and no screen hard-codes one. Tests find a card by its heading
// text (`section.card:has(> h2:text-is("Clock"))` or the region role named by the title).

import { type ReactNode, useId } from "react";

export interface CardProps {
  /** The heading (an h2): text, or text with inline parts such as a badge. */
  title: ReactNode;
  children?: ReactNode;
  /** More classes beside `card` (e.g. "wide"). */
  className?: string;
}

export function Card({ title, children, className }: CardProps) {
  const id = useId();
  return (
    <section className={className ? `card ${className}` : "card"} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
