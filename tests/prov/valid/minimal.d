provider minimal {
	probe tick();
	probe tock(int n);
};
