#!/sbin/dtrace -qs
pid$1::FindByID:entry {

@total = sum(arg0);
}
