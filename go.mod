module github.com/wright-lsp/wright-lsp

go 1.26
