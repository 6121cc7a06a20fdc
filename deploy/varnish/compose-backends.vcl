# deploy/compose.yaml's backends.vcl (mounted as /etc/varnish/backends.vcl beside default.vcl): the two
# shop instances by their service names, and the compose network as purgers. Compiles only where
# those names resolve (inside the compose network); default.vcl's own backends.vcl is the loopback one.
import directors;

backend shop_1 {
    .host = "shop-1";
    .port = "3000";
    .probe = shop_health;
    .connect_timeout = 1s;
    .first_byte_timeout = 30s;
}

backend shop_2 {
    .host = "shop-2";
    .port = "3000";
    .probe = shop_health;
    .connect_timeout = 1s;
    .first_byte_timeout = 30s;
}

sub vcl_init {
    new shop = directors.round_robin();
    shop.add_backend(shop_1);
    shop.add_backend(shop_2);
}

# The shop instances send PURGE from the compose network (Docker's private ranges); nobody else may.
acl purgers {
    "localhost";
    "10.0.0.0"/8;
    "172.16.0.0"/12;
    "192.168.0.0"/16;
}
