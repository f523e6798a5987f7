//go:build unix

package lsp

import "syscall"

// mkfifo makes a named pipe: a read of it blocks until a writer comes.
func mkfifo(path string) error { return syscall.Mkfifo(path, 0o644) }
