module "vpc12" {
  source = "../m11"
  count = 3
  bucket14_disk24_count = [[3, 2], [1, 1], [3, 2]][count.index]
  bucket14_queue44_count = [[3, 2], [1, 1], [3, 2]][count.index]
  bucket14_queue44_n = [[["v49", "v51", "v53"], ["v45", "v47"]], [["v57"], ["v55"]], [["v63", "v65", "v67"], ["v59", "v61"]]][count.index]
}
