interface LogoProps {
  /** Only the mark, for the collapsed sidebar. */
  compact?: boolean;
  /** Wordmark colour. */
  textColour?: string;
}

/** The Jejak mark (a heading arrow on a rounded tile) and wordmark. */
export function Logo({ compact = false, textColour = '#ffffff' }: LogoProps) {
  return (
    <svg
      className="logo"
      role="img"
      aria-label="Jejak"
      viewBox={compact ? '0 0 32 32' : '0 0 112 32'}
      height={32}
      width={compact ? 32 : 112}
    >
      <rect width="32" height="32" rx="8" fill="#1668dc" />
      <path d="M16 5.5 24.5 25 16 20.4 7.5 25Z" fill="#ffffff" />
      {!compact && (
        <text
          x="42"
          y="23"
          fill={textColour}
          fontSize="20"
          fontWeight="700"
          letterSpacing="0.5"
          fontFamily="system-ui, sans-serif"
        >
          Jejak
        </text>
      )}
    </svg>
  );
}
