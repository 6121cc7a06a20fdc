import { useState, type InputHTMLAttributes } from "react";
import { useHydrated } from "./kit";

/** A password field; with JavaScript a Show/Hide button reveals what was typed. */
export function PasswordInput(props: InputHTMLAttributes<HTMLInputElement> & { id: string }) {
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(false);
  return (
    <div className="password-input">
      <input {...props} type={visible ? "text" : "password"} />
      {hydrated ? (
        <button
          type="button"
          className="text-button password-toggle"
          aria-controls={props.id}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? "Hide" : "Show"}
          <span className="visually-hidden"> password</span>
        </button>
      ) : null}
    </div>
  );
}
