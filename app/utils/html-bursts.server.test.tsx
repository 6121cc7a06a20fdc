import { Suspense } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { HtmlBursts } from "./html-bursts.server";

/** Every chunk the stream gives, with whether `resolved()` had been called when it arrived. */
function collect(stream: HtmlBursts, resolvedYet: () => boolean) {
  const chunks: { text: string; afterResolve: boolean }[] = [];
  const ended = new Promise<void>((resolve, reject) => {
    stream.on("data", (chunk: Buffer) => chunks.push({ text: chunk.toString("utf8"), afterResolve: resolvedYet() }));
    stream.on("end", resolve);
    stream.on("error", reject);
  });
  return { chunks, ended };
}

describe("HtmlBursts (React's small writes of one turn go on as one chunk)", () => {
  it("joins the writes of one turn, keeps a later write apart, and sends it without waiting for the end", async () => {
    const stream = new HtmlBursts();
    const { chunks, ended } = collect(stream, () => false);
    for (const part of ["<html>", "<head>", "</head>", "<body>"]) stream.write(part);
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(chunks.map((c) => c.text)).toEqual(["<html><head></head><body>"]);
    stream.write("late");
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(chunks.map((c) => c.text)).toEqual(["<html><head></head><body>", "late"]);
    stream.end("</body></html>");
    await ended;
    expect(chunks.map((c) => c.text).join("")).toBe("<html><head></head><body>late</body></html>");
  });

  it("lets a large burst go on before the turn ends", async () => {
    const stream = new HtmlBursts();
    const { chunks, ended } = collect(stream, () => false);
    const kB = "x".repeat(1024);
    for (let i = 0; i < 70; i++) stream.write(kB);
    // 64 kB reached: out at once, before the event loop turns
    await Promise.resolve();
    expect(chunks).toHaveLength(1);
    expect(chunks[0].text).toHaveLength(64 * 1024);
    stream.end();
    await ended;
    expect(chunks.map((c) => c.text).join("")).toHaveLength(70 * 1024);
  });

  it("streams a React page: the shell with the fallback leaves before a Suspense boundary resolves, the content after", async () => {
    let resolve: (text: string) => void = () => undefined;
    let review: string | null = null;
    const slow = new Promise<void>((r) => (resolve = (text) => ((review = text), r())));
    let resolved = false;
    // React 18's way to suspend: throw the promise until the data is there
    function Slow() {
      if (review === null) throw slow;
      return <p>{review}</p>;
    }
    const stream = new HtmlBursts();
    const { chunks, ended } = collect(stream, () => resolved);
    await new Promise<void>((shellReady, failed) => {
      const { pipe } = renderToPipeableStream(
        <html lang="en">
          <body>
            <h1>Shop</h1>
            <Suspense fallback={<p>Loading reviews…</p>}>
              <Slow />
            </Suspense>
          </body>
        </html>,
        {
          onShellReady() {
            pipe(stream);
            shellReady();
          },
          onShellError: failed,
        },
      );
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(chunks.length).toBeGreaterThan(0);
    expect(chunks.map((c) => c.text).join("")).toContain("Loading reviews…");
    resolved = true;
    resolve("Five stars");
    await ended;
    const late = chunks.filter((c) => c.afterResolve).map((c) => c.text);
    expect(late.join("")).toContain("Five stars");
    expect(
      chunks
        .filter((c) => !c.afterResolve)
        .map((c) => c.text)
        .join(""),
    ).not.toContain("Five stars");
  });
});
