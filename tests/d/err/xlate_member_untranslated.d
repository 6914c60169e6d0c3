/* @opts: -x errtags */
struct in_t { int a; int b; };
struct out_t { int x; int y; };
translator struct out_t < struct in_t *p > { x = p->a; };
BEGIN { trace(xlate<struct out_t *>((struct in_t *)0)->y); exit(0); }
