import { Readable } from "node:stream";
import express, { Router } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { endpoint, envelope, fileAnswer, num } from "../../contract/common";
import * as contact from "../../contract/contact";
import { errorHandler, handle, ok } from "./endpoint";

// Handlers are typed against the contract's response schema: these lines are checked by
// `tsc --noEmit` (npm test's type check). Each @ts-expect-error fails the type check the day
// its line compiles, i.e. the day a drifting handler would no longer be caught.
const router = Router();
const priced = endpoint("priced", z.object({}), envelope(z.object({ id: num, title: z.string() })));
const invoice = endpoint("invoice/{id}", z.object({}), fileAnswer(["application/pdf"]), { answer: "binary" });

handle(router, priced, () => ok({ id: 7, title: "Tulsi Drops" }));
// @ts-expect-error a field of the contract is missing (title)
handle(router, priced, () => ok({ id: 7 }));
// @ts-expect-error a field has the wrong type
handle(router, priced, () => ok({ id: 7, title: 42 }));
// @ts-expect-error the envelope is missing: the handler answers the bare data
handle(router, priced, async () => ({ id: 7, title: "Tulsi Drops" }));
// @ts-expect-error 'success' must be a boolean (contact.addContactUs)
handle(router, contact.addContactUs, () => ({ success: "yes", message: "Thank you for connecting with us!" }));
handle(router, invoice, () => ({ contentType: "application/pdf", fileName: "INV-1.pdf", body: Buffer.from("%PDF-1.4") }));
// @ts-expect-error a binary answer carries its bytes
handle(router, invoice, () => ({ contentType: "application/pdf" }));

describe("handle", () => {
  let base = "";
  let close: () => void = () => undefined;
  beforeAll(async () => {
    const app = express();
    app.use(express.json());
    const api = Router();
    handle(api, priced, () => ok({ id: 7, title: "Tulsi Drops" }));
    handle(api, invoice, (_body, req) =>
      req.params.id === "1"
        ? { contentType: "application/pdf", fileName: "INV 1/2026.pdf", body: Readable.from([Buffer.from("%PDF-1.4\n"), Buffer.from("%%EOF")]) }
        : { contentType: "application/pdf", body: Buffer.from("%PDF-1.4") },
    );
    app.use(api, errorHandler);
    await new Promise<void>((resolve) => {
      const server = app.listen(0, "127.0.0.1", () => {
        const address = server.address();
        base = typeof address === "object" && address ? `http://127.0.0.1:${address.port}` : "";
        close = () => server.close();
        resolve();
      });
    });
  });
  afterAll(() => close());

  it("answers JSON endpoints with the handler's body", async () => {
    const answer = await fetch(`${base}/priced`, { method: "POST" });
    expect(await answer.json()).toEqual({ success: true, status: 200, data: { id: 7, title: "Tulsi Drops" } });
  });

  it("streams a binary answer with its type, a safe name, and no caching", async () => {
    const answer = await fetch(`${base}/invoice/1`, { method: "POST" });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/pdf");
    expect(answer.headers.get("content-disposition")).toBe('attachment; filename="INV_1_2026.pdf"');
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await answer.text()).toBe("%PDF-1.4\n%%EOF");
    const buffered = await fetch(`${base}/invoice/2`, { method: "POST" });
    expect(buffered.headers.get("content-length")).toBe("8");
  });
});
