pid$1::SVL_GetEntryByName*:entry {

this->conn = copyin(arg0 + 0x60,
sizeof(uintptr_t));

this->peer = copyin(this->conn + 0x8,
sizeof(uintptr_t));

this->host = copyin(this->peer + 0x8,
sizeof(int));

printf("Host %s looked up volume name %s\n",
inet_ntoa(this->host), copyinstr(arg1));

}
