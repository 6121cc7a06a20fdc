# Where the shop is, and who may purge: the part of the VCL that differs per deployment, included by
# default.vcl (one policy, many topologies). This one: two shop instances on this machine, ports 3001
# and 3002 (e.g. `PORT=3001 npm start` and `PORT=3002 npm start` on one DATA_DIR or DATABASE_URL, or
# deploy/compose.yaml's published ports), and only this machine may purge. deploy/compose.yaml mounts
# compose-backends.vcl in its place; elsewhere put your own backends.vcl beside default.vcl with your
# hosts, ports and purgers (the tests write theirs: tests/support/varnish.ts). A backend's host is
# resolved once, when the VCL is loaded; every backend uses default.vcl's probe `shop_health`, and
# default.vcl asks the director `shop` for one.
import directors;

backend shop_1 {
    .host = "127.0.0.1";
    .port = "3001";
    .probe = shop_health;
    .connect_timeout = 1s;
    .first_byte_timeout = 30s;
}

backend shop_2 {
    .host = "127.0.0.1";
    .port = "3002";
    .probe = shop_health;
    .connect_timeout = 1s;
    .first_byte_timeout = 30s;
}

sub vcl_init {
    new shop = directors.round_robin();
    shop.add_backend(shop_1);
    shop.add_backend(shop_2);
}

# Who may send PURGE (the shop instances, HTTP_CACHE_PURGE_URL): this machine only.
acl purgers {
    "localhost";
    "127.0.0.1";
    "::1";
}
