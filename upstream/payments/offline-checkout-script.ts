/**
 * The offline test gateway's stand-in for Razorpay's checkout.js, served from our own origin as an
 * external script (no inline code, so the page's CSP needs nothing new). Same browser interface:
 * `new Razorpay(options)`, `open()`, `options.handler({ razorpay_payment_id, razorpay_order_id,
 * razorpay_signature })`, `options.modal.ondismiss()`, `on("payment.failed", cb)`. Its modal is a
 * native <dialog> (focus kept inside, Escape cancels) with Pay, Fail and Cancel. A failure emits
 * payment.failed and closes the modal (the shop shows the description and offers a retry).
 */
export const OFFLINE_CHECKOUT_SCRIPT = String.raw`(function () {
  "use strict";
  if (window.Razorpay) return;
  var script = document.currentScript;
  var base = script && script.src ? new URL(".", script.src).pathname : "/api/test-gateway/";

  function rupees(paise) {
    return "\u20b9" + (Number(paise) / 100).toLocaleString("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  }

  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    this.options = options || {};
    this.listeners = {};
    this.dialog = null;
  }

  Razorpay.prototype.on = function (event, callback) {
    (this.listeners[event] = this.listeners[event] || []).push(callback);
    return this;
  };

  Razorpay.prototype.emit = function (event, payload) {
    (this.listeners[event] || []).forEach(function (callback) {
      callback(payload);
    });
  };

  Razorpay.prototype.close = function () {
    if (this.dialog) {
      var dialog = this.dialog;
      this.dialog = null;
      if (dialog.open) dialog.close();
      dialog.remove();
    }
  };

  Razorpay.prototype.open = function () {
    var self = this;
    var o = self.options;
    if (self.dialog) return;
    var dialog = document.createElement("dialog");
    dialog.className = "test-gateway-dialog";
    dialog.setAttribute("aria-labelledby", "test-gateway-title");
    dialog.setAttribute("aria-describedby", "test-gateway-note");
    dialog.style.cssText = "max-width:26rem;width:calc(100% - 2rem);border:1px solid #555;border-radius:8px;padding:1.25rem;color:#1a1a1a;background:#fff;font:16px/1.5 system-ui,sans-serif";

    var title = document.createElement("h2");
    title.id = "test-gateway-title";
    title.textContent = "Pay " + (o.name || "the shop");
    title.style.cssText = "margin:0 0 .5rem;font-size:1.25rem";
    var note = document.createElement("p");
    note.id = "test-gateway-note";
    note.textContent = "Test payment gateway: no money moves. Amount " + rupees(o.amount) + (o.description ? " for " + o.description : "") + ".";
    var status = document.createElement("p");
    status.setAttribute("role", "status");
    status.style.minHeight = "1.5em";

    var row = document.createElement("div");
    row.style.cssText = "display:flex;gap:.5rem;flex-wrap:wrap";
    function button(label, background) {
      var b = document.createElement("button");
      b.type = "button";
      b.textContent = label;
      b.style.cssText = "padding:.5rem 1rem;border-radius:4px;border:1px solid #1a1a1a;font:inherit;cursor:pointer;color:" + (background ? "#fff" : "#1a1a1a") + ";background:" + (background || "#fff");
      row.appendChild(b);
      return b;
    }
    var pay = button("Pay", "#1b5e20");
    var fail = button("Fail", "#8e1b1b");
    var cancel = button("Cancel");
    var buttons = [pay, fail, cancel];
    function busy(on) {
      buttons.forEach(function (b) {
        b.disabled = on;
      });
      status.textContent = on ? "Processing\u2026" : "";
    }

    function attempt(outcome) {
      busy(true);
      return fetch(base + "payments", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        credentials: "omit",
        body: JSON.stringify({ key_id: o.key, order_id: o.order_id, outcome: outcome }),
      }).then(function (response) {
        return response.json();
      });
    }

    pay.addEventListener("click", function () {
      attempt("pay")
        .then(function (answer) {
          if (answer && answer.razorpay_payment_id) {
            self.close();
            if (typeof o.handler === "function") o.handler(answer);
          } else {
            self.close();
            self.emit("payment.failed", answer && answer.error ? answer : { error: { code: "BAD_REQUEST_ERROR", description: "Payment could not be made." } });
          }
        })
        .catch(function () {
          busy(false);
          status.textContent = "The test gateway could not be reached. Try again.";
        });
    });
    fail.addEventListener("click", function () {
      attempt("fail")
        .then(function (answer) {
          self.close();
          self.emit("payment.failed", answer && answer.error ? answer : { error: { code: "BAD_REQUEST_ERROR", description: "Payment failed." } });
        })
        .catch(function () {
          busy(false);
          status.textContent = "The test gateway could not be reached. Try again.";
        });
    });
    function dismiss() {
      self.close();
      if (o.modal && typeof o.modal.ondismiss === "function") o.modal.ondismiss();
    }
    cancel.addEventListener("click", dismiss);
    dialog.addEventListener("cancel", function (event) {
      event.preventDefault();
      dismiss();
    });

    dialog.appendChild(title);
    dialog.appendChild(note);
    dialog.appendChild(row);
    dialog.appendChild(status);
    document.body.appendChild(dialog);
    self.dialog = dialog;
    dialog.showModal();
    pay.focus();
  };

  window.Razorpay = Razorpay;
})();
`;
