module github.com/bounder-chess/bounder

go 1.22

require (
	github.com/dylhunn/dragontoothmg v0.0.0-20220917014754-e79413b50d93
	github.com/stretchr/testify v1.12.1
)

require go.yaml.in/yaml/v3 v3.0.5 // indirect
