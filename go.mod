module github.com/bounder-chess/bounder

go 1.22

require (
	github.com/dylhunn/dragontoothmg v0.0.0-20220917014754-e79413b50d93
	github.com/schollz/progressbar/v3 v3.14.1
	github.com/stretchr/testify v1.12.1
)

require (
	github.com/mitchellh/colorstring v0.0.0-20190213212951-d06e56a500db // indirect
	github.com/rivo/uniseg v0.4.4 // indirect
	golang.org/x/sys v0.14.0 // indirect
	golang.org/x/term v0.14.0 // indirect
)

require (
	github.com/notnil/chess v1.10.0
	go.yaml.in/yaml/v3 v3.0.5 // indirect
)
