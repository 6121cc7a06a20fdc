import type { FooterContact } from "~/utils/contact";
import { Icon } from "./icons";

export function SocialLinks({ social }: { social: FooterContact["social"] }) {
  return (
    <ul className="social-links">
      {social.map((s) => (
        <li key={s.label}>
          <a href={s.href} className="icon-button" aria-label={s.label} {...(s.href === "#" ? {} : { target: "_blank", rel: "noopener noreferrer" })}>
            <Icon name={s.icon} />
          </a>
        </li>
      ))}
    </ul>
  );
}
