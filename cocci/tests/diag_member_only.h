struct fb_var {
	unsigned int xres;
	unsigned int vmode;
};
