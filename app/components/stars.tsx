import { starLabel, starParts } from "~/utils/stars";

/** The rating as stars, read out as "4.5 out of 5". */
export function Stars({ average, count }: { average: number; count?: number }) {
  const { full, half, empty } = starParts(average);
  const kinds = [...Array<"full">(full).fill("full"), ...(half ? (["half"] as const) : []), ...Array<"empty">(empty).fill("empty")];
  return (
    <span className="stars">
      <span className="stars-icons" aria-hidden="true">
        {kinds.map((kind, i) => (
          <span key={i} className={`star star-${kind}`}>
            ★
          </span>
        ))}
      </span>
      <span className="visually-hidden">Rated {starLabel(average)}</span>
      {count !== undefined ? (
        <span className="stars-count">
          ({count} {count === 1 ? "review" : "reviews"})
        </span>
      ) : null}
    </span>
  );
}
