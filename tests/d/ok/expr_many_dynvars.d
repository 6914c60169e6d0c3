/* @root */
/* A program whose clauses for one probe use seventy self-> variables and seventy associative
 * arrays (the Guide sets no limit on a program's variables): each keeps its own values, a
 * variable assigned 0 loses its value alone, and equal keys of different arrays do not meet.
 * usdtrace failed it ("use 149 BPF maps, more than the kernel allows one program (64)").
 * The output is dtrace's (dtrace -s of this file). */
#pragma D option quiet

BEGIN
{
	self->v0 = 1; a0[0, 7] = 100; s0["x"] = "s0";
	self->v1 = 2; a1[1, 7] = 101; s1["x"] = "s1";
	self->v2 = 3; a2[2, 7] = 102; s2["x"] = "s2";
	self->v3 = 4; a3[0, 7] = 103; s3["x"] = "s3";
	self->v4 = 5; a4[1, 7] = 104; s4["x"] = "s4";
	self->v5 = 6; a5[2, 7] = 105; s0["x"] = "s5";
	self->v6 = 7; a6[0, 7] = 106; s1["x"] = "s6";
	self->v7 = 8; a7[1, 7] = 107; s2["x"] = "s7";
	self->v8 = 9; a8[2, 7] = 108; s3["x"] = "s8";
	self->v9 = 10; a9[0, 7] = 109; s4["x"] = "s9";
	self->v10 = 11; a10[1, 7] = 110; s0["x"] = "s10";
	self->v11 = 12; a11[2, 7] = 111; s1["x"] = "s11";
	self->v12 = 13; a12[0, 7] = 112; s2["x"] = "s12";
	self->v13 = 14; a13[1, 7] = 113; s3["x"] = "s13";
	self->v14 = 15; a14[2, 7] = 114; s4["x"] = "s14";
	self->v15 = 16; a15[0, 7] = 115; s0["x"] = "s15";
	self->v16 = 17; a16[1, 7] = 116; s1["x"] = "s16";
	self->v17 = 18; a17[2, 7] = 117; s2["x"] = "s17";
	self->v18 = 19; a18[0, 7] = 118; s3["x"] = "s18";
	self->v19 = 20; a19[1, 7] = 119; s4["x"] = "s19";
	self->v20 = 21; a20[2, 7] = 120; s0["x"] = "s20";
	self->v21 = 22; a21[0, 7] = 121; s1["x"] = "s21";
	self->v22 = 23; a22[1, 7] = 122; s2["x"] = "s22";
	self->v23 = 24; a23[2, 7] = 123; s3["x"] = "s23";
	self->v24 = 25; a24[0, 7] = 124; s4["x"] = "s24";
	self->v25 = 26; a25[1, 7] = 125; s0["x"] = "s25";
	self->v26 = 27; a26[2, 7] = 126; s1["x"] = "s26";
	self->v27 = 28; a27[0, 7] = 127; s2["x"] = "s27";
	self->v28 = 29; a28[1, 7] = 128; s3["x"] = "s28";
	self->v29 = 30; a29[2, 7] = 129; s4["x"] = "s29";
	self->v30 = 31; a30[0, 7] = 130; s0["x"] = "s30";
	self->v31 = 32; a31[1, 7] = 131; s1["x"] = "s31";
	self->v32 = 33; a32[2, 7] = 132; s2["x"] = "s32";
	self->v33 = 34; a33[0, 7] = 133; s3["x"] = "s33";
	self->v34 = 35; a34[1, 7] = 134; s4["x"] = "s34";
	self->v35 = 36; a35[2, 7] = 135; s0["x"] = "s35";
	self->v36 = 37; a36[0, 7] = 136; s1["x"] = "s36";
	self->v37 = 38; a37[1, 7] = 137; s2["x"] = "s37";
	self->v38 = 39; a38[2, 7] = 138; s3["x"] = "s38";
	self->v39 = 40; a39[0, 7] = 139; s4["x"] = "s39";
	self->v40 = 41; a40[1, 7] = 140; s0["x"] = "s40";
	self->v41 = 42; a41[2, 7] = 141; s1["x"] = "s41";
	self->v42 = 43; a42[0, 7] = 142; s2["x"] = "s42";
	self->v43 = 44; a43[1, 7] = 143; s3["x"] = "s43";
	self->v44 = 45; a44[2, 7] = 144; s4["x"] = "s44";
	self->v45 = 46; a45[0, 7] = 145; s0["x"] = "s45";
	self->v46 = 47; a46[1, 7] = 146; s1["x"] = "s46";
	self->v47 = 48; a47[2, 7] = 147; s2["x"] = "s47";
	self->v48 = 49; a48[0, 7] = 148; s3["x"] = "s48";
	self->v49 = 50; a49[1, 7] = 149; s4["x"] = "s49";
	self->v50 = 51; a50[2, 7] = 150; s0["x"] = "s50";
	self->v51 = 52; a51[0, 7] = 151; s1["x"] = "s51";
	self->v52 = 53; a52[1, 7] = 152; s2["x"] = "s52";
	self->v53 = 54; a53[2, 7] = 153; s3["x"] = "s53";
	self->v54 = 55; a54[0, 7] = 154; s4["x"] = "s54";
	self->v55 = 56; a55[1, 7] = 155; s0["x"] = "s55";
	self->v56 = 57; a56[2, 7] = 156; s1["x"] = "s56";
	self->v57 = 58; a57[0, 7] = 157; s2["x"] = "s57";
	self->v58 = 59; a58[1, 7] = 158; s3["x"] = "s58";
	self->v59 = 60; a59[2, 7] = 159; s4["x"] = "s59";
	self->v60 = 61; a60[0, 7] = 160; s0["x"] = "s60";
	self->v61 = 62; a61[1, 7] = 161; s1["x"] = "s61";
	self->v62 = 63; a62[2, 7] = 162; s2["x"] = "s62";
	self->v63 = 64; a63[0, 7] = 163; s3["x"] = "s63";
	self->v64 = 65; a64[1, 7] = 164; s4["x"] = "s64";
	self->v65 = 66; a65[2, 7] = 165; s0["x"] = "s65";
	self->v66 = 67; a66[0, 7] = 166; s1["x"] = "s66";
	self->v67 = 68; a67[1, 7] = 167; s2["x"] = "s67";
	self->v68 = 69; a68[2, 7] = 168; s3["x"] = "s68";
	self->v69 = 70; a69[0, 7] = 169; s4["x"] = "s69";
	self->v3 = 0;
	a5[2, 7] = 0;
}

BEGIN
{
	printf("%d\n", self->v0 + self->v1 + self->v2 + self->v3 + self->v4 + self->v5 + self->v6 + self->v7 + self->v8 + self->v9 + self->v10 + self->v11 + self->v12 + self->v13 + self->v14 + self->v15 + self->v16 + self->v17 + self->v18 + self->v19 + self->v20 + self->v21 + self->v22 + self->v23 + self->v24 + self->v25 + self->v26 + self->v27 + self->v28 + self->v29 + self->v30 + self->v31 + self->v32 + self->v33 + self->v34 + self->v35 + self->v36 + self->v37 + self->v38 + self->v39 + self->v40 + self->v41 + self->v42 + self->v43 + self->v44 + self->v45 + self->v46 + self->v47 + self->v48 + self->v49 + self->v50 + self->v51 + self->v52 + self->v53 + self->v54 + self->v55 + self->v56 + self->v57 + self->v58 + self->v59 + self->v60 + self->v61 + self->v62 + self->v63 + self->v64 + self->v65 + self->v66 + self->v67 + self->v68 + self->v69);
	printf("%d\n", a0[0, 7] + a1[1, 7] + a2[2, 7] + a3[0, 7] + a4[1, 7] + a5[2, 7] + a6[0, 7] + a7[1, 7] + a8[2, 7] + a9[0, 7] + a10[1, 7] + a11[2, 7] + a12[0, 7] + a13[1, 7] + a14[2, 7] + a15[0, 7] + a16[1, 7] + a17[2, 7] + a18[0, 7] + a19[1, 7] + a20[2, 7] + a21[0, 7] + a22[1, 7] + a23[2, 7] + a24[0, 7] + a25[1, 7] + a26[2, 7] + a27[0, 7] + a28[1, 7] + a29[2, 7] + a30[0, 7] + a31[1, 7] + a32[2, 7] + a33[0, 7] + a34[1, 7] + a35[2, 7] + a36[0, 7] + a37[1, 7] + a38[2, 7] + a39[0, 7] + a40[1, 7] + a41[2, 7] + a42[0, 7] + a43[1, 7] + a44[2, 7] + a45[0, 7] + a46[1, 7] + a47[2, 7] + a48[0, 7] + a49[1, 7] + a50[2, 7] + a51[0, 7] + a52[1, 7] + a53[2, 7] + a54[0, 7] + a55[1, 7] + a56[2, 7] + a57[0, 7] + a58[1, 7] + a59[2, 7] + a60[0, 7] + a61[1, 7] + a62[2, 7] + a63[0, 7] + a64[1, 7] + a65[2, 7] + a66[0, 7] + a67[1, 7] + a68[2, 7] + a69[0, 7]);
	printf("%d %d %d %d\n", self->v3, a5[2, 7], a6[0, 7], a6[1, 7]);
	printf("%s %s %s %s %s\n", s0["x"], s1["x"], s2["x"], s3["x"], s4["x"]);
	exit(0);
}
