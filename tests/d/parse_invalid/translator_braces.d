translator struct s < int x >
	a = x;
};
