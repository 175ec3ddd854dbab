import { createServer, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageRequestOfIncoming, sendAnswer } from "./fast-hits";

/**
 * What the short way reads of a raw request, on a real socket: the requests it takes, the
 * address it gives them, and every request it leaves to the long way.
 */

const config = { trustProxy: 0, publicUrl: new URL("https://www.example.com") };
let server: Server;
let port: number;
let trustProxy = 0;

beforeAll(async () => {
  server = createServer((incoming, outgoing) => {
    const request = pageRequestOfIncoming(incoming, { ...config, trustProxy });
    const seen = request && {
      method: request.method,
      url: request.url.href,
      cookie: request.header("Cookie") ?? null,
      referer: request.header("referer") ?? null,
    };
    // The body (if any) is left unread: the short way never reads one.
    sendAnswer(
      outgoing,
      { status: 200, headers: [["content-type", "application/json"]], body: null },
      [],
    );
    lastSeen = seen ?? null;
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

let lastSeen: unknown = null;

/** Sends `head` (a request line and headers) as written and resolves with what was taken. */
async function send(head: string, body = ""): Promise<unknown> {
  lastSeen = "no answer";
  await new Promise<void>((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => {
      socket.write(`${head}\r\nConnection: close\r\n\r\n${body}`);
    });
    socket.on("data", () => {});
    socket.on("end", resolve);
    socket.on("error", reject);
  });
  return lastSeen;
}

describe("the short way to a kept page", () => {
  it("takes a plain GET or HEAD and reads its address and headers as a web request would", async () => {
    expect(
      await send("GET /tv HTTP/1.1\r\nHost: LocalHost:80\r\nCookie: a=1\r\nCookie: b=2"),
    ).toEqual({ method: "GET", url: "http://localhost/tv", cookie: "a=1, b=2", referer: null });
    expect(await send("HEAD /about-us/ HTTP/1.1\r\nHost: shop.example:3000")).toMatchObject({
      method: "HEAD",
      url: "http://shop.example:3000/about-us/",
    });
    expect(await send("GET / HTTP/1.1\r\nHost: 127.0.0.1:3000")).toMatchObject({
      url: "http://127.0.0.1:3000/",
    });
    // Every copy of a header a proxy may repeat is seen, not only the first.
    expect(
      await send(
        "GET /tv HTTP/1.1\r\nHost: a.example\r\nReferer: http://a.example/\r\nReferer: http://other.example/",
      ),
    ).toMatchObject({ referer: "http://a.example/, http://other.example/" });
  });

  it("gives the visitor's origin: the public one when the browser names it, the proxy's when trusted", async () => {
    expect(
      await send("GET /tv HTTP/1.1\r\nHost: 10.0.0.5:3000\r\nOrigin: https://www.example.com"),
    ).toMatchObject({ url: "https://www.example.com/tv" });
    const forwarded =
      "GET /tv HTTP/1.1\r\nHost: 10.0.0.5:3000\r\nX-Forwarded-Proto: https\r\nX-Forwarded-Host: shop.example";
    expect(await send(forwarded)).toMatchObject({ url: "http://10.0.0.5:3000/tv" });
    trustProxy = 1;
    try {
      expect(await send(forwarded)).toMatchObject({ url: "https://shop.example/tv" });
    } finally {
      trustProxy = 0;
    }
  });

  it("leaves every unusual request to the long way", async () => {
    const host = "Host: a.example";
    const longWay = [
      `POST /tv HTTP/1.1\r\n${host}\r\nContent-Length: 0`,
      `OPTIONS /tv HTTP/1.1\r\n${host}`,
      `GET /tv?utm_source=tv HTTP/1.1\r\n${host}`,
      `GET /tv? HTTP/1.1\r\n${host}`,
      `GET /%74v HTTP/1.1\r\n${host}`,
      `GET //tv HTTP/1.1\r\n${host}`,
      `GET /tv//x HTTP/1.1\r\n${host}`,
      `GET /x/../tv HTTP/1.1\r\n${host}`,
      `GET /./tv HTTP/1.1\r\n${host}`,
      `GET /tv.data HTTP/1.1\r\n${host}`,
      `GET /tv%00 HTTP/1.1\r\n${host}`,
      `GET http://a.example/tv HTTP/1.1\r\n${host}`,
      `GET * HTTP/1.1\r\n${host}`,
      "GET /tv HTTP/1.1\r\nHost: [::1]:3000",
      "GET /tv HTTP/1.1\r\nHost: a.example@b.example",
      "GET /tv HTTP/1.0",
    ];
    for (const head of longWay) expect(await send(head), head).toBeNull();
    // A GET with a body goes where bodies are limited.
    expect(await send(`GET /tv HTTP/1.1\r\n${host}\r\nContent-Length: 5`, "hello")).toBeNull();
    expect(
      await send(
        `GET /tv HTTP/1.1\r\n${host}\r\nTransfer-Encoding: chunked`,
        "5\r\nhello\r\n0\r\n\r\n",
      ),
    ).toBeNull();
    expect(await send(`GET /tv HTTP/1.1\r\n${host}\r\nContent-Length: 0`)).toMatchObject({
      url: "http://a.example/tv",
    });
  });
});
