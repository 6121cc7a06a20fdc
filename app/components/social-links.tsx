import type { FooterContact } from "~/utils/contact";
import { Icon } from "./icons";
import { useT } from "~/i18n/strings";

export function SocialLinks({ social }: { social: FooterContact["social"] }) {
  const t = useT();
  return (
    <ul className="social-links">
      {social.map((s) => (
        <li key={s.label}>
          <a href={s.href} className="icon-button" aria-label={t(s.label)} {...(s.href === "#" ? {} : { target: "_blank", rel: "noopener noreferrer" })}>
            <Icon name={s.icon} />
          </a>
        </li>
      ))}
    </ul>
  );
}
