/* @opts: -x errtags */
/* self and this are storage classes: one per declaration. */
self this int x;
