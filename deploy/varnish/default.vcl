vcl 4.1;
# Varnish 7.1 in front of the shop's instances (docs/decisions/0022-http-cache.md). It keeps what the
# shop says any shared cache may keep — anonymous catalogue pages, `public, s-maxage=…,
# stale-while-revalidate=…, stale-if-error=…`, and the build's immutable assets — for as long as the
# shop says, and nothing else. A visitor the shop knows (session, cart, flash message) always reaches
# the shop. The shop purges by surrogate key (`xkey`) when its catalogue changes.
#
# Needs the xkey vmod (Debian: varnish-modules). Where the shop is and who may purge:
# backends.vcl, found in vcl_path (default /etc/varnish). Check: varnishd -C -f default.vcl

import std;
import xkey;
import cookie;

# Health of each instance (its /healthz answers 503 when its upstream does not): two failed probes of
# the last three make it sick, and a cache with no healthy instance serves what it holds (vcl_hit).
probe shop_health {
    .url = "/healthz";
    .interval = 1s;
    .timeout = 2s;
    .window = 3;
    .threshold = 2;
    .initial = 2;
}

include "./backends.vcl";

# The shop's own cookies. Personal ones make a page the visitor's own (app/utils/cache/
# anonymous-page-cache.server.ts, PERSONAL_COOKIES): `__session` (the sealed session), `random_id`
# (the guest's cart), `toast` (a flash message). `csrf` changes no shared page but a private page
# (the login form) renders its token from it, so it still reaches the shop. Any other cookie
# (analytics) is dropped: it would only split the cache.
sub vcl_recv {
    set req.backend_hint = shop.backend();
    if (req.restarts == 0) {
        # our own flags, never a client's
        unset req.http.x-shop-csrf;
        unset req.http.x-shop-refresh;
        unset req.http.x-shop-stale-if-error;
        unset req.http.x-shop-pass;
    }

    if (req.method == "PURGE") {
        if (client.ip !~ purgers) {
            return (synth(403, "Forbidden"));
        }
        # the shop's catalogue feed and POST /cache/purge: every page naming one of these keys
        if (req.http.xkey-purge) {
            return (synth(200, "Purged " + xkey.purge(req.http.xkey-purge)));
        }
        # a softer variant for bulk changes: the pages stay servable while they are refreshed
        if (req.http.xkey-softpurge) {
            return (synth(200, "Soft-purged " + xkey.softpurge(req.http.xkey-softpurge)));
        }
        # without keys, the one address
        return (purge);
    }
    if (req.method != "GET" && req.method != "HEAD") {
        if (req.method ~ "^(POST|PUT|PATCH|DELETE|OPTIONS)$") {
            return (pass);
        }
        return (synth(405, "Method Not Allowed"));
    }

    # An advert's address is the same page: its tracking parameters go (the list is the app's, in
    # anonymous-page-cache.server.ts), then the query is sorted, so one page is one object.
    if (req.url ~ "\?") {
        set req.url = regsuball(req.url, "(?<=[?&])(?i:utm_[a-z0-9_]*|gclid|gclsrc|dclid|gbraid|wbraid|fbclid|msclkid|yclid|twclid|ttclid|igshid|li_fat_id|mc_cid|mc_eid|_ga|_gl|_hsenc|_hsmi|srsltid)(?:=[^&#]*)?(?:&|$)", "");
        set req.url = regsub(req.url, "[?&]+$", "");
        set req.url = std.querysort(req.url);
    }

    if (req.http.Authorization) {
        return (pass);
    }
    if (req.http.Cookie) {
        cookie.parse(req.http.Cookie);
        cookie.keep("__session,random_id,toast,csrf");
        if (cookie.isset("__session") || cookie.isset("random_id") || cookie.isset("toast")) {
            set req.http.Cookie = cookie.get_string();
            return (pass);
        }
        if (cookie.isset("csrf")) {
            set req.http.x-shop-csrf = cookie.get("csrf");
        }
        # looked up as a first visit (the shop's pages say `Vary: Cookie`)
        unset req.http.Cookie;
    }
    # a stale page past its stale-while-revalidate, with the shop up: fetch it now (vcl_hit); that
    # fetch failed: any stale page held (req.grace outlives a restart, and caps the object's grace)
    if (req.http.x-shop-stale-if-error) {
        set req.grace = 365d;
    } else if (req.http.x-shop-refresh) {
        set req.grace = 0s;
    }
    return (hash);
}

sub vcl_pass {
    set req.http.x-shop-pass = "1";
}

sub vcl_hit {
    if (obj.ttl >= 0s) {
        return (deliver);
    }
    # stale within the page's stale-while-revalidate: served while one background fetch refreshes it
    if (obj.ttl + std.duration(obj.http.x-shop-swr, 0s) >= 0s) {
        return (deliver);
    }
    # past that, a stale page only stands in for a shop that is down or failing (stale-if-error)
    if (req.http.x-shop-stale-if-error || !std.healthy(req.backend_hint)) {
        return (deliver);
    }
    set req.http.x-shop-refresh = "1";
    return (restart);
}

sub vcl_miss {
    # looking for a stale page after the shop failed (vcl_deliver), and none is held
    if (req.http.x-shop-stale-if-error) {
        return (synth(503, "Service Unavailable"));
    }
}

sub vcl_backend_fetch {
    if (bereq.http.x-shop-csrf) {
        set bereq.http.Cookie = "csrf=" + bereq.http.x-shop-csrf;
    }
    unset bereq.http.x-shop-csrf;
    unset bereq.http.x-shop-stale-if-error;
    unset bereq.http.x-shop-pass;
}

sub vcl_backend_response {
    # a refresh that fails keeps the stale page (stale-if-error): in the background, or in the
    # foreground past stale-while-revalidate (vcl_hit), where the visitor then gets it (vcl_synth)
    if (beresp.status >= 500 && (bereq.is_bgfetch || bereq.http.x-shop-refresh)) {
        return (abandon);
    }
    if (bereq.uncacheable) {
        return (deliver);
    }
    # Only what the shop marks shareable, with a lifetime; never a response that sets a cookie.
    if (beresp.http.Set-Cookie
        || beresp.http.Cache-Control ~ "(?i)\b(private|no-store|no-cache)\b"
        || beresp.http.Cache-Control !~ "(?i)\bmax-age="
        || beresp.http.Vary == "*"
        || beresp.status >= 500) {
        # remembered briefly as "fetch every time" (hit-for-miss), so requests for it are not queued
        set beresp.ttl = 10s;
        set beresp.uncacheable = true;
        return (deliver);
    }
    # beresp.ttl is already s-maxage (else max-age) less the response's Age. Grace covers both
    # kinds of stale: stale-while-revalidate (kept on the object, read in vcl_hit) and
    # stale-if-error, whichever is longer; keep is not used (it serves nothing, only revalidation).
    set beresp.http.x-shop-swr = "0s";
    if (beresp.http.Cache-Control ~ "(?i)stale-while-revalidate=\d+") {
        set beresp.http.x-shop-swr = regsub(beresp.http.Cache-Control, "^.*(?i:stale-while-revalidate)=(\d+).*$", "\1s");
    }
    set beresp.grace = std.duration(regsub(beresp.http.Cache-Control, "^.*(?i:stale-if-error)=(\d+).*$", "\1s"), 0s);
    if (beresp.grace < std.duration(beresp.http.x-shop-swr, 0s)) {
        set beresp.grace = std.duration(beresp.http.x-shop-swr, 0s);
    }
    set beresp.keep = 0s;
    return (deliver);
}

sub vcl_backend_error {
    # the shop is down: a refresh keeps the stale page (an error object would replace it)
    if (bereq.is_bgfetch || bereq.http.x-shop-refresh) {
        return (abandon);
    }
}

sub vcl_deliver {
    # for tests and operators: HIT (from the cache, STALE when past its s-maxage), MISS, PASS
    if (req.http.x-shop-pass) {
        set resp.http.X-Cache = "PASS";
    } else if (obj.hits > 0) {
        if (obj.ttl < 0s) {
            set resp.http.X-Cache = "HIT, STALE";
        } else {
            set resp.http.X-Cache = "HIT";
        }
    } else {
        set resp.http.X-Cache = "MISS";
    }
    set resp.http.X-Cache-Hits = obj.hits;
    unset resp.http.x-shop-swr;
    unset resp.http.xkey;
}

sub vcl_synth {
    # A page that had to come fresh (stale past its stale-while-revalidate) and did not (its fetch
    # abandoned): the stale page once more, if one is still held (vcl_hit, vcl_miss).
    if (resp.status == 503 && req.http.x-shop-refresh && !req.http.x-shop-stale-if-error) {
        set req.http.x-shop-stale-if-error = "1";
        return (restart);
    }
    if (req.method == "PURGE" || resp.status == 405) {
        set resp.http.Content-Type = "text/plain; charset=utf-8";
        set resp.http.Cache-Control = "private, no-store";
        set resp.body = resp.reason + {"
"};
        return (deliver);
    }
}
