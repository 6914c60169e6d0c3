pid$1::SVL_GetEntryByID*:entry {

printf("Somebody looked up volume ID %d\n", arg1);
}
