/* @opts: -q */
this int x;
BEGIN { this->x = 4; trace(this->x); exit(0); }
