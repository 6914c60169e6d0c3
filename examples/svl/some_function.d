#!/sbin/dtrace -qs
pid$1::FindByID:entry {

printf("FindByID(%d) called\n", arg0);
}
