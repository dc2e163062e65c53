"""The Adventure board picture (Pillow): layout and drawing."""
