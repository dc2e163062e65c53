"""The Adventure's Discord messages, one module per kind: the lobby, the public table and its
board picture, the glance under the picture and the private pack."""
