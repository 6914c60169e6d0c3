/* @root */
/* 40 aggregations share maps: printa (default and formatted, several at once), trunc and
 * clear (baselines for sums and counts, deletes and zeroed values for min and max) read and
 * write an aggregation's entries only, as they do with a map each. */
#pragma D option quiet
BEGIN
{
	@a0 = count();
	@a1[1] = count();
	@a2 = sum(7);
	@a3["k0", 3] = sum(20);
	@a4 = quantize(13);
	@a5[2] = lquantize(16, 0, 20, 2);
	@a6 = min(-481);
	@a7[7] = max(22);
	@a8 = avg(25);
	@a9[probename] = stddev(28);
	@a10 = count();
	@a11[3] = count();
	@a12 = sum(37);
	@a13["k1", 13] = sum(80);
	@a14 = quantize(43);
	@a15[0] = lquantize(21, 0, 20, 2);
	@a16 = min(-451);
	@a17[17] = max(52);
	@a18 = avg(55);
	@a19[probename] = stddev(58);
	@a20 = count();
	@a21[1] = count();
	@a22 = sum(67);
	@a23["k2", 23] = sum(140);
	@a24 = quantize(73);
	@a25[1] = lquantize(1, 0, 20, 2);
	@a26 = min(-421);
	@a27[27] = max(82);
	@a28 = avg(85);
	@a29[probename] = stddev(88);
	@a30 = count();
	@a31[3] = count();
	@a32 = sum(97);
	@a33["k0", 33] = sum(200);
	@a34 = quantize(103);
	@a35[2] = lquantize(6, 0, 20, 2);
	@a36 = min(-391);
	@a37[37] = max(112);
	@a38 = avg(115);
	@a39[probename] = stddev(118);
}
BEGIN
{
	@a0 = count();
	@a1[1] = count();
	@a2 = sum(13);
	@a3["k0", 3] = sum(32);
	@a4 = quantize(19);
	@a5[2] = lquantize(22, 0, 20, 2);
	@a6 = min(-475);
	@a7[7] = max(28);
	@a8 = avg(31);
	@a9[probename] = stddev(34);
	@a10 = count();
	@a11[3] = count();
	@a12 = sum(43);
	@a13["k1", 13] = sum(92);
	@a14 = quantize(49);
	@a15[0] = lquantize(2, 0, 20, 2);
	@a16 = min(-445);
	@a17[17] = max(58);
	@a18 = avg(61);
	@a19[probename] = stddev(64);
	@a20 = count();
	@a21[1] = count();
	@a22 = sum(73);
	@a23["k2", 23] = sum(152);
	@a24 = quantize(79);
	@a25[1] = lquantize(7, 0, 20, 2);
	@a26 = min(-415);
	@a27[27] = max(88);
	@a28 = avg(91);
	@a29[probename] = stddev(94);
	@a30 = count();
	@a31[3] = count();
	@a32 = sum(103);
	@a33["k0", 33] = sum(212);
	@a34 = quantize(109);
	@a35[2] = lquantize(12, 0, 20, 2);
	@a36 = min(-385);
	@a37[37] = max(118);
	@a38 = avg(121);
	@a39[probename] = stddev(124);
}
BEGIN
{
	clear(@a2);
	trunc(@a3, 1);
	clear(@a6);
	trunc(@a7);
	exit(0);
}
END
{
	printa(@a1); printa("%d %@d\n", @a7); printa(@a3); printa("%s %d %@d\n", @a3);
	printa(@a17, @a11); printa(@a9); trunc(@a5, 1); printa(@a5); clear(@a16); printa(@a16);
	trunc(@a27); printa(@a27); printa(@a0); printa(@a30);
}
