pid$1::SVL_GetEntryByName*:entry {

printf("Somebody looked up volume name %s\n",
copyinstr(arg1));

}
