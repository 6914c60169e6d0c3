provider a {
	probe x__y();
	probe x_y();
};
