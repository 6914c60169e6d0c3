/* @opts: -x errtags */
/* offsetof of a member the struct does not have (Guide, "Member Sizes and Offsets"). */
struct s { int x; };
BEGIN { trace(offsetof(struct s, y)); exit(0); }
