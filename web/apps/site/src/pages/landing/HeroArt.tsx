/**
 * The landing page's picture: a salon mirror, scissors, a comb and a plant, drawn here as an inline
 * SVG (no download, no borrowed artwork). Its colours are the design tokens (`.hero-art-*` in
 * landing.css), so it wears the salon's brand colour and follows the theme.
 */
export function HeroArt() {
  return (
    <svg className="hero-art" viewBox="0 0 480 360" aria-hidden="true" focusable="false">
      <circle className="hero-art-glow" cx="250" cy="190" r="160" />
      {/* The mirror, with a reflection. */}
      <path className="hero-art-frame" d="M170 300V140a80 80 0 0 1 160 0v160z" />
      <path className="hero-art-glass" d="M186 292V142a64 64 0 0 1 128 0v150z" />
      <path className="hero-art-shine" d="M214 150a40 40 0 0 1 30-36M208 180v40" />
      {/* A head of hair in the mirror. */}
      <circle className="hero-art-accent" cx="250" cy="196" r="34" />
      <path className="hero-art-accent" d="M206 292c4-40 22-58 44-58s40 18 44 58z" />
      <path
        className="hero-art-glass"
        d="M226 200a24 26 0 0 0 48 0c0-8-6-14-12-16-10 6-24 8-36 6z"
      />
      {/* Scissors. */}
      <g className="hero-art-line">
        <circle cx="86" cy="262" r="16" />
        <circle cx="122" cy="274" r="16" />
        <path d="M98 250l62-70M110 262l58-62" />
      </g>
      {/* A comb. */}
      <g className="hero-art-line">
        <rect x="356" y="226" width="86" height="18" rx="6" />
        <path d="M364 244v22M376 244v22M388 244v22M400 244v22M412 244v22M424 244v22M436 244v22" />
      </g>
      {/* A plant on the shelf. */}
      <path className="hero-art-leaf" d="M380 190c-30-20-30-60-6-80 16 24 18 56 6 80z" />
      <path className="hero-art-leaf" d="M386 192c10-34 40-48 66-38-10 28-36 42-66 38z" />
      <path className="hero-art-frame" d="M364 190h40l-6 30h-28z" />
      <path className="hero-art-shelf" d="M40 300h400" />
    </svg>
  );
}
