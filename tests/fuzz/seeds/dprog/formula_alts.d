provider t {
	probe p(unsigned int, string) =
		rawtp:block::block_rq_issue(struct request *rq) / member(struct request, rq_disk) / : (0, "old")
	else	rawtp:block::block_rq_issue(struct request *rq) / member(struct request, part) && member(struct request, q) / : (rq->__data_len, "new");
	probe q__r() = pid$target:a.out:main:entry() : ();
};
t:::p { trace(args[0]); }
