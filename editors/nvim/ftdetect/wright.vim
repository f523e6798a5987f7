" The filetypes of wright-lsp's files, for a runtimepath that holds this
" directory even when require('wright').setup() is not called (the
" extensions are those of lua/wright/init.lua).
autocmd BufRead,BufNewFile *.ow,*.workshop setfiletype workshop
autocmd BufRead,BufNewFile *.opy setfiletype overpy
