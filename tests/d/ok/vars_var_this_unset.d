/* @root */
#pragma D option quiet
BEGIN { this->x = 5; }
BEGIN { this->s = "z"; printf("%d [%s]\n", this->x, this->s); exit(0); }
