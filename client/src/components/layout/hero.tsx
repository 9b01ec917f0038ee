import type { ReactNode } from 'react';

export interface HeroProps {
  /** The page's title: the hero's only level-one heading. */
  title: string;
  description?: ReactNode;
  /** A picture beside the words; `alt: ''` when it only decorates. */
  image?: { src: string; alt: string };
  /** Short notices under the description, one paragraph each. */
  messages?: readonly ReactNode[];
  /** The hero's buttons and links. */
  buttons?: ReactNode;
  /** What else the page puts in its hero (the help centre's search). */
  children?: ReactNode;
}

/**
 * The generic hero page template (storefront §2 Other screens: "A generic hero page template with
 * title, description, hero image, messages and buttons."): the top of the main page and of the help
 * centre. Every part but the title is optional and leaves no empty element behind.
 */
export function Hero({ title, description, image, messages = [], buttons, children }: HeroProps) {
  return (
    <header className={image ? 'hero hero--image' : 'hero'}>
      {image ? <img className="hero__image" src={image.src} alt={image.alt} /> : null}
      <h1>{title}</h1>
      {description ? <p>{description}</p> : null}
      {messages.map((message, index) => (
        <p key={index} className="hero__message">
          {message}
        </p>
      ))}
      {buttons ? <div className="hero__buttons">{buttons}</div> : null}
      {children}
    </header>
  );
}
