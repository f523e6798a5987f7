//go:build unix

package service

import (
	"io/fs"
	"syscall"
)

// hardLinks counts a file's names (1 when the system does not say).
func hardLinks(info fs.FileInfo) uint64 {
	if st, ok := info.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Nlink)
	}
	return 1
}
