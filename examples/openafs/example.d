openafs$1:::GetEntry-start {

printf("IP %s looked up volname %s\n",
args[1]->ci_remote, args[3]->volname);

}
openafs$1:::GetEntry-done {

printf("Request from %s, status: %s\n",
args[1]->ci_remote, afs_errorstr[args[0]]);

}
