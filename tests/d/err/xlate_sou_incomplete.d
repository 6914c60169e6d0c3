/* @opts: -x errtags */
/* ... and a complete one. */
struct in { int i; char c; };
struct out { int oi; char oc; };
translator struct later < struct in *p > { x = p->i; };
struct later { int x; };
